package com.courtrush.staff.api;

import java.util.List;

/** The settings staff see, and whether this node must restart for what is saved. */
public record StaffSettingsView(List<StaffSetting> settings, boolean restartNeeded) {}
