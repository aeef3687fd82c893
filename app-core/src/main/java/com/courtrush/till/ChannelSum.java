package com.courtrush.till;

import com.courtrush.till.api.DeskChannel;
import lombok.Getter;
import lombok.Setter;

/** Money of one channel, summed, and how many movements made it. */
@Getter
@Setter
public class ChannelSum {
    private DeskChannel channel;
    private Long cents;
    private Long count;
}
