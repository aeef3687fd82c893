/** What the console and the staff API do with the till: receipts, shifts and their close. */
package com.courtrush.till.desk;
