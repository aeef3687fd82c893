/** Sales reports (per day and week: places, sales, cancels, refunds, money, utilisation) and CSV exports. */
package com.courtrush.report;
