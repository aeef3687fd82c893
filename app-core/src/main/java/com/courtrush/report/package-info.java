/** Sales reports (per day and week: places, sales, cancels, refunds, money, utilisation) and their exports (Excel, CSV). */
package com.courtrush.report;
