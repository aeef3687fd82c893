package com.courtrush.pay;

import lombok.Getter;
import lombok.Setter;

/** One payment or refund of a live order, as WeChat Pay's bill would have it: its number, its order's, the cents. */
@Getter
@Setter
public class LiveMoney {
    private String number;
    private String outTradeNo;
    private Integer cents;
}
