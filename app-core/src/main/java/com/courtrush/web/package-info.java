/**
 * HTTP plumbing shared by every feature, and HTTP only: the response envelope, the one exception
 * handler, error envelopes for what no controller answered, body limits, the connector's deadlines,
 * strict path inputs, the caller's language, OpenAPI and the liveness endpoint. Outcomes, errors and
 * texts are {@code core}'s.
 */
package com.courtrush.web;
