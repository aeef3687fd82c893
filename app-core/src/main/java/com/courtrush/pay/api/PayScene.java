package com.courtrush.pay.api;

/** Where the student pays, which decides how WeChat Pay is opened. The page chooses; one tap. */
public enum PayScene {
    /** A phone's own browser: WeChat Pay's H5 page opens WeChat. */
    H5,
    /** A computer: a QR code the student scans with WeChat (Native). */
    NATIVE,
    /** Inside WeChat's own browser, through the gym's official account (JSAPI). */
    JSAPI
}
