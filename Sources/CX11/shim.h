// Xlib with MIT-SHM, XTest, RandR, Present, XInput 2, Xcursor and XFixes, for LaminaHost only.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/Xpresent.h>
#include <X11/extensions/XInput2.h>
#include <X11/XKBlib.h>
#include <X11/Xcursor/Xcursor.h>
#include <sys/ipc.h>
#include <sys/shm.h>

// XCreateIC is variadic, which Swift cannot call: one input context per window, with the
// input method drawing nothing itself (no preedit or status area), focused on that window.
static inline XIC lamina_create_input_context(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, (char *)NULL);
}

// The events the input method needs to see (XGetICValues is variadic too).
static inline long lamina_input_context_event_mask(XIC ic) {
    long mask = 0;
    XGetICValues(ic, XNFilterEvents, &mask, (char *)NULL);
    return mask;
}
