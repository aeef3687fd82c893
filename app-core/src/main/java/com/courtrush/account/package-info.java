/**
 * Accounts and authentication: students and staff, password hashing, bearer tokens (student
 * tokens signed with a shared secret, the admin token from settings or the data directory),
 * logout revocation broadcast to every node, and the security rules of the HTTP API.
 */
package com.courtrush.account;
