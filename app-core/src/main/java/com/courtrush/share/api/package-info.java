/** The fair share's values as the desks and the API hand them out: the rules, a booking that counts, a week. */
package com.courtrush.share.api;
