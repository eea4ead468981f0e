// Lamina's Wayland client shim: the protocol plumbing (registry, xdg-shell, wl_shm buffers,
// frame callbacks, seat, xkbcommon) in C, with events queued as plain structs that Swift's
// Wayland backend drains. Main thread: the connection, windows, the event queue. Render thread:
// buffers, presents and frame callbacks, on a queue of their own (`lamina_wl_render_wait`).
#ifndef LAMINA_WAYLAND_H
#define LAMINA_WAYLAND_H

#include <stdint.h>
#include <stddef.h>

typedef struct lamina_wl lamina_wl;
typedef struct lamina_wl_window lamina_wl_window;
typedef struct lamina_wl_buffer lamina_wl_buffer;

enum lamina_wl_event_kind {
    LAMINA_WL_CONFIGURE = 1,   // width, height (0: the client chooses)
    LAMINA_WL_CLOSE,
    LAMINA_WL_FOCUS,           // value: 1 in, 0 out
    LAMINA_WL_POINTER_ENTER,   // x, y
    LAMINA_WL_POINTER_LEAVE,
    LAMINA_WL_POINTER_MOTION,  // x, y
    LAMINA_WL_POINTER_BUTTON,  // button (1 left, 2 middle, 3 right, 8+ others), value: 1 pressed, time
    LAMINA_WL_AXIS,            // dx, dy (surface units), value: 1 when from a wheel's steps
    LAMINA_WL_KEY,             // keycode (evdev + 8), value: 1 pressed, text, plain_text, keysym_modifier
};

/// Modifier bits as Lamina's ModifierFlags: shift 1, control 2, option 4, command 8, caps lock 16.
typedef struct lamina_wl_event {
    int kind;
    uint32_t window;           // the window's id (lamina_wl_window_create)
    double x, y, dx, dy;
    int32_t width, height;
    uint32_t button, keycode, time, value;
    uint32_t modifiers;        // held before the event
    uint32_t buttons;          // held before the event: left 1, right 2, middle 4
    uint32_t modifier_key;     // the modifier this key is (same bits), 0 for others
    char text[64];
    char plain_text[64];
} lamina_wl_event;

/// Connects to the socket `name` (an absolute path, or a name in $XDG_RUNTIME_DIR; NULL:
/// $WAYLAND_DISPLAY); NULL (with a reason in `error`) when there is none or it lacks
/// wl_compositor, wl_shm or xdg_wm_base.
lamina_wl *lamina_wl_connect(const char *name, char *error, size_t error_size);
int lamina_wl_fd(lamina_wl *wl);
/// Reads what arrived and dispatches the main queue, without blocking; flushes. -1: connection lost.
int lamina_wl_dispatch(lamina_wl *wl);
/// Takes the next queued event: 1, or 0 when there is none.
int lamina_wl_next_event(lamina_wl *wl, lamina_wl_event *event);

/// A toplevel of `width` × `height` buffer pixels, committed without a buffer; `id` names it in events.
lamina_wl_window *lamina_wl_window_create(lamina_wl *wl, uint32_t id, const char *title);
/// Round trips until the compositor has configured the window (it may then be drawn). 0: done.
int lamina_wl_window_wait_configured(lamina_wl_window *window);
void lamina_wl_window_set_title(lamina_wl_window *window, const char *title);
void lamina_wl_window_set_size_limits(lamina_wl_window *window, int32_t min_w, int32_t min_h, int32_t max_w, int32_t max_h);
void lamina_wl_window_set_fullscreen(lamina_wl_window *window, int fullscreen);
/// Takes the window off the screen; render-side calls on it do nothing from then on.
void lamina_wl_window_destroy(lamina_wl_window *window);
/// Frees the window (destroying it first if it was not), once nothing uses it.
void lamina_wl_window_free(lamina_wl_window *window);

/// A wl_shm buffer (XRGB8888: BGRX in memory) of `width` × `height`; NULL when it cannot be made.
lamina_wl_buffer *lamina_wl_buffer_create(lamina_wl_window *window, int width, int height);
void *lamina_wl_buffer_data(lamina_wl_buffer *buffer);
int lamina_wl_buffer_stride(lamina_wl_buffer *buffer);
/// Whether the compositor may still read the buffer (no release since its last attach).
int lamina_wl_buffer_busy(lamina_wl_buffer *buffer);
void lamina_wl_buffer_destroy(lamina_wl_buffer *buffer);
/// Attaches `buffer`, damages `count` rectangles (x, y, w, h each, buffer pixels), asks for a
/// frame callback and commits (render side).
void lamina_wl_present(lamina_wl_window *window, lamina_wl_buffer *buffer, const int32_t *rects, int count);
/// Asks for a frame callback with an empty commit, unless one is pending (render side).
void lamina_wl_request_frame(lamina_wl_window *window);
/// Waits up to `timeout_ms` on the render queue for the window's frame callback (1, its time in
/// ms in `time`), or for `buffer` to be released when it is not NULL (1). 0: timed out.
int lamina_wl_render_wait(lamina_wl_window *window, lamina_wl_buffer *buffer, int timeout_ms, uint32_t *time);
/// Frame callbacks seen so far for the window.
uint64_t lamina_wl_frames_done(lamina_wl_window *window);

#endif
