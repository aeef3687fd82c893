/** Courts: create, rename, enable and disable. Names are unique among active courts. */
package com.courtrush.court;
