/** Staff operations that span several features, such as taking a booked slot off sale. */
package com.courtrush.staff;
