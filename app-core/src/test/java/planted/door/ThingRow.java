package planted.door;

import com.baomidou.mybatisplus.annotation.TableName;
import lombok.Data;

/** A database row, with setters: not something a desk may hand out. */
@Data
@TableName("thing")
public class ThingRow {
    private Long id;
    private String name;
}
