/** What the staff console and the API do with closures: the one door to them. */
package com.courtrush.closure.desk;
