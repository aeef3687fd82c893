package com.courtrush.slot;

import lombok.Getter;
import lombok.Setter;

/** A slot row joined with its court's name. */
@Getter
@Setter
public class SlotWithCourt extends TimeSlot {
    private String courtName;
}
