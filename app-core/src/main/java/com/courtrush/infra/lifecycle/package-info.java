/**
 * Start-up and shutdown as one lifecycle. A stop — the JVM's shutdown (SIGTERM, Ctrl+C, the session
 * ending) or the console closing — may come at any moment of the start: {@link
 * com.courtrush.infra.lifecycle.EngineLifecycle} runs the engine so that such a stop cuts the start
 * short, waits for it to end what it had started, and only then lets the JVM go; {@link
 * com.courtrush.infra.lifecycle.EngineStop} is the request the start-up steps check and the steps
 * that wait (a redis-server loading its file) are ended by; {@link
 * com.courtrush.infra.lifecycle.StartChecks} checks it before each bean, before the engine is
 * reported started and before it is reported ready.
 */
package com.courtrush.infra.lifecycle;
