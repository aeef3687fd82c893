/**
 * The staff console: a JavaFX + ControlsFX application that runs the CourtRush engine (and the
 * students' HTTP endpoint) in its own process and calls the engine's services directly. One
 * package per screen, each with a view (nodes only) and a view model (JavaFX properties and
 * commands, no nodes, unit-tested without a window).
 */
package com.courtrush.desktop;
