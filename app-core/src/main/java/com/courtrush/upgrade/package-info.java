/**
 * A node's upgrade announced (SPEC §23, issue 80): a manager says a single node is about to be stopped and upgraded,
 * for so many minutes — refused where that time meets an opening's warm-up or rush — and until then, and while the
 * node is down, the students' page says "maintenance, back at …" instead of a server it cannot reach.
 */
package com.courtrush.upgrade;
