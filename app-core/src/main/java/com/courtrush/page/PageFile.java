package com.courtrush.page;

/**
 * One file of the students' page as it is sent: its bytes, the same gzipped (null when gzip would not make it
 * smaller), its media type and a hash of its content (its entity tag).
 */
record PageFile(byte[] bytes, byte[] gzipped, String contentType, String hash) {}
