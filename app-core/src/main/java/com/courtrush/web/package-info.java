/**
 * HTTP plumbing shared by every feature: the response envelope, outcome codes, the exception
 * hierarchy and its one handler, security (bearer tokens) and the liveness endpoint.
 */
package com.courtrush.web;
