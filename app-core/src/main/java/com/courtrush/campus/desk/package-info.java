/** The campus sign-in's values and its desk: what a manager sets, what a try of it answered. */
package com.courtrush.campus.desk;
