/** What the staff console and the API do with venues and sports: the one door to them. */
package com.courtrush.venue.desk;
