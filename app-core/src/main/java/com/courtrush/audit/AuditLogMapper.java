package com.courtrush.audit;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;

@Mapper
interface AuditLogMapper extends BaseMapper<AuditLog> {

    @Select("select distinct action from audit_log order by action")
    List<String> actions();

    @Select("select distinct actor from audit_log where actor not like 'student:%' order by actor")
    List<String> staffActors();
}
