/**
 * Time slots: generation from a template with overlap checks, the per-node catalog of openings
 * and their slots (cached, dropped on every change on any node), and the students' slot list.
 */
package com.courtrush.slot;
