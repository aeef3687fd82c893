/**
 * The engine's rehearsal of its rush (decision 28): once a node has started, away from any flash time, it sends a
 * crowd of its own at an opening of its own making — over its own HTTP connector, through the same reserve path,
 * script, publish with confirm, consumer and database statements the rush runs — so that the JIT has compiled them
 * before the first student taps; and before each opening it reads the students' token states. Nothing of it is
 * kept: its ids are {@link com.courtrush.core.Rehearsal}'s, its grants go to a queue only this node reads, their
 * rows are written in a transaction that is rolled back, its Redis keys are deleted (and expire anyway).
 */
package com.courtrush.reserve.rehearsal;
