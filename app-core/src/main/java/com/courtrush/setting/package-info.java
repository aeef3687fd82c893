/** Settings staff edit at run time, kept in the {@code app_config} table. */
package com.courtrush.setting;
