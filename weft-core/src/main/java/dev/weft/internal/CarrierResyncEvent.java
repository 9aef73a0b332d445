package dev.weft.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JFR: committed by a worker right after a stackful body's step that committed an event, to take
 * the loss of the event the JDK drops there ({@link VirtualThreadCommits}). Enabled by default
 * (a recording that disables it loses that event instead); on JDK 25 it is never recorded.
 */
@Name("dev.weft.CarrierResync")
@Label("Carrier Resync")
@Category("Weft")
@Description("Absorbs the event a carrier thread loses after a virtual thread's step; not recorded on JDK 25")
@Enabled(true)
@StackTrace(false)
final class CarrierResyncEvent extends Event {}
