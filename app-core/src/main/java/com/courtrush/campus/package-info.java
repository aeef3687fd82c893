/**
 * The campus sign-in (SPEC §18): students and staff sign in with the university's own account, by CAS 3.0 or
 * OpenID Connect, beside local accounts. Accounts are made at the first sign-in; after it the engine issues its own
 * token, so an opening never calls the directory.
 */
package com.courtrush.campus;
