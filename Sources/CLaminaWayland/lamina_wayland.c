// Lamina's Wayland client shim (see lamina_wayland.h).
#define _GNU_SOURCE
#include "lamina_wayland.h"
#include "protocol/xdg-shell-client-protocol.h"
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include <linux/input-event-codes.h>
#include <sys/mman.h>
#include <pthread.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <time.h>

struct lamina_wl {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    struct wl_pointer *pointer;
    struct wl_keyboard *keyboard;
    struct xkb_context *xkb;
    struct xkb_keymap *keymap;
    struct xkb_state *state;
    struct xkb_state *plain_state;          // Shift and Lock alone: charactersIgnoringModifiers
    xkb_mod_index_t shift, control, alt, logo, caps;
    uint32_t modifiers;                     // Lamina's bits
    uint32_t buttons;                       // Lamina's bits
    lamina_wl_window *pointer_focus, *keyboard_focus;
    int axis_discrete;                      // an axis_discrete came in this pointer frame
    // The render side's queue: buffers' releases and frame callbacks, dispatched under render_lock.
    struct wl_event_queue *render_queue;
    pthread_mutex_t render_lock;
    // Queued events for the main thread.
    lamina_wl_event *events;
    size_t head, count, capacity;
};

struct lamina_wl_window {
    lamina_wl *wl;
    uint32_t id;
    struct wl_surface *surface;
    struct wl_surface *render_surface;      // a wrapper on the render queue (frame callbacks)
    struct xdg_surface *xdg_surface;
    struct xdg_toplevel *toplevel;
    int configured;
    struct wl_callback *frame;              // the frame callback asked for and not yet done
    uint32_t frame_time;
    uint64_t frames_done;
    int32_t pending_width, pending_height;
    int destroyed;                          // taken off the screen; freed by lamina_wl_window_free
};

struct lamina_wl_buffer {
    struct wl_buffer *buffer;
    void *data;
    size_t size;
    int stride;
    int busy;
};

static lamina_wl_event *push(lamina_wl *wl, int kind, lamina_wl_window *window) {
    if (wl->head > 0 && wl->head == wl->count) { wl->head = wl->count = 0; }
    if (wl->count == wl->capacity) {
        size_t capacity = wl->capacity ? wl->capacity * 2 : 64;
        lamina_wl_event *grown = realloc(wl->events, capacity * sizeof *grown);
        if (!grown) return NULL;
        wl->events = grown;
        wl->capacity = capacity;
    }
    lamina_wl_event *e = &wl->events[wl->count++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->window = window ? window->id : 0;
    e->modifiers = wl->modifiers;
    e->buttons = wl->buttons;
    return e;
}

// MARK: xdg-shell

static void wm_base_ping(void *data, struct xdg_wm_base *base, uint32_t serial) { (void)data; xdg_wm_base_pong(base, serial); }
static const struct xdg_wm_base_listener wm_base_listener = { .ping = wm_base_ping };

static void xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial) {
    lamina_wl_window *window = data;
    xdg_surface_ack_configure(surface, serial);
    window->configured = 1;
    lamina_wl_event *e = push(window->wl, LAMINA_WL_CONFIGURE, window);
    if (e) { e->width = window->pending_width; e->height = window->pending_height; }
}
static const struct xdg_surface_listener xdg_surface_listener = { .configure = xdg_surface_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height, struct wl_array *states) {
    (void)toplevel; (void)states;
    lamina_wl_window *window = data;
    window->pending_width = width;
    window->pending_height = height;
}
static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
    (void)toplevel;
    lamina_wl_window *window = data;
    push(window->wl, LAMINA_WL_CLOSE, window);
}
static void toplevel_bounds(void *data, struct xdg_toplevel *t, int32_t w, int32_t h) { (void)data; (void)t; (void)w; (void)h; }
static void toplevel_capabilities(void *data, struct xdg_toplevel *t, struct wl_array *c) { (void)data; (void)t; (void)c; }
static const struct xdg_toplevel_listener toplevel_listener = {
    .configure = toplevel_configure, .close = toplevel_close,
    .configure_bounds = toplevel_bounds, .wm_capabilities = toplevel_capabilities,
};

// MARK: Pointer

static lamina_wl_window *window_of(struct wl_surface *surface) {
    return surface ? wl_surface_get_user_data(surface) : NULL;
}

static void pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface, wl_fixed_t x, wl_fixed_t y) {
    (void)p; (void)serial;
    lamina_wl *wl = data;
    wl->pointer_focus = window_of(surface);
    lamina_wl_event *e = push(wl, LAMINA_WL_POINTER_ENTER, wl->pointer_focus);
    if (e) { e->x = wl_fixed_to_double(x); e->y = wl_fixed_to_double(y); }
}
static void pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface) {
    (void)p; (void)serial;
    lamina_wl *wl = data;
    push(wl, LAMINA_WL_POINTER_LEAVE, window_of(surface));
    wl->pointer_focus = NULL;
}
static void pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)p;
    lamina_wl *wl = data;
    lamina_wl_event *e = push(wl, LAMINA_WL_POINTER_MOTION, wl->pointer_focus);
    if (e) { e->x = wl_fixed_to_double(x); e->y = wl_fixed_to_double(y); e->time = time; }
}
static void pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    (void)p; (void)serial;
    lamina_wl *wl = data;
    uint32_t number, bit = 0;
    switch (button) {
    case BTN_LEFT: number = 1; bit = 1; break;
    case BTN_MIDDLE: number = 2; bit = 4; break;
    case BTN_RIGHT: number = 3; bit = 2; break;
    default: number = 8 + (button > BTN_RIGHT ? button - BTN_MIDDLE - 1 : 0); break;
    }
    lamina_wl_event *e = push(wl, LAMINA_WL_POINTER_BUTTON, wl->pointer_focus);
    if (e) { e->button = number; e->value = state == WL_POINTER_BUTTON_STATE_PRESSED; e->time = time; }
    if (state == WL_POINTER_BUTTON_STATE_PRESSED) wl->buttons |= bit; else wl->buttons &= ~bit;
}
static void pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)p;
    lamina_wl *wl = data;
    lamina_wl_event *e = push(wl, LAMINA_WL_AXIS, wl->pointer_focus);
    if (!e) return;
    double v = wl_fixed_to_double(value);
    if (axis == WL_POINTER_AXIS_VERTICAL_SCROLL) e->dy = v; else e->dx = v;
    e->value = wl->axis_discrete;
    e->time = time;
}
static void pointer_frame(void *data, struct wl_pointer *p) { (void)p; ((lamina_wl *)data)->axis_discrete = 0; }
static void pointer_axis_source(void *data, struct wl_pointer *p, uint32_t source) { (void)data; (void)p; (void)source; }
static void pointer_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis) { (void)data; (void)p; (void)time; (void)axis; }
static void pointer_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete) {
    (void)p; (void)axis; (void)discrete;
    ((lamina_wl *)data)->axis_discrete = 1;
}
static const struct wl_pointer_listener pointer_listener = {
    .enter = pointer_enter, .leave = pointer_leave, .motion = pointer_motion, .button = pointer_button,
    .axis = pointer_axis, .frame = pointer_frame, .axis_source = pointer_axis_source,
    .axis_stop = pointer_axis_stop, .axis_discrete = pointer_axis_discrete,
};

// MARK: Keyboard

static void keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    (void)k;
    lamina_wl *wl = data;
    if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1) { close(fd); return; }
    char *text = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (text == MAP_FAILED) return;
    struct xkb_keymap *keymap = xkb_keymap_new_from_string(wl->xkb, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
    munmap(text, size);
    if (!keymap) return;
    if (wl->state) xkb_state_unref(wl->state);
    if (wl->plain_state) xkb_state_unref(wl->plain_state);
    if (wl->keymap) xkb_keymap_unref(wl->keymap);
    wl->keymap = keymap;
    wl->state = xkb_state_new(keymap);
    wl->plain_state = xkb_state_new(keymap);
    wl->shift = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT);
    wl->control = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_CTRL);
    wl->alt = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_ALT);
    wl->logo = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_LOGO);
    wl->caps = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_CAPS);
}
static void keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *surface, struct wl_array *keys) {
    (void)k; (void)serial; (void)keys;
    lamina_wl *wl = data;
    wl->keyboard_focus = window_of(surface);
    lamina_wl_event *e = push(wl, LAMINA_WL_FOCUS, wl->keyboard_focus);
    if (e) e->value = 1;
}
static void keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *surface) {
    (void)k; (void)serial;
    lamina_wl *wl = data;
    lamina_wl_event *e = push(wl, LAMINA_WL_FOCUS, window_of(surface));
    if (e) e->value = 0;
    wl->keyboard_focus = NULL;
}
static uint32_t modifier_key(xkb_keysym_t sym) {
    switch (sym) {
    case XKB_KEY_Shift_L: case XKB_KEY_Shift_R: return 1;
    case XKB_KEY_Control_L: case XKB_KEY_Control_R: return 2;
    case XKB_KEY_Alt_L: case XKB_KEY_Alt_R: case XKB_KEY_Meta_L: case XKB_KEY_Meta_R: return 4;
    case XKB_KEY_Super_L: case XKB_KEY_Super_R: return 8;
    case XKB_KEY_Caps_Lock: return 16;
    default: return 0;
    }
}
static void keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
    (void)k; (void)serial;
    lamina_wl *wl = data;
    lamina_wl_event *e = push(wl, LAMINA_WL_KEY, wl->keyboard_focus);
    if (!e) return;
    e->keycode = key + 8;                                    // evdev codes are X keycodes less 8
    e->value = state == WL_KEYBOARD_KEY_STATE_PRESSED;
    e->time = time;
    if (!wl->state) return;
    xkb_keysym_t sym = xkb_state_key_get_one_sym(wl->state, e->keycode);
    e->modifier_key = modifier_key(sym);
    if (e->value && !e->modifier_key) {
        xkb_state_key_get_utf8(wl->state, e->keycode, e->text, sizeof e->text);
        xkb_state_key_get_utf8(wl->plain_state, e->keycode, e->plain_text, sizeof e->plain_text);
        // Control characters (Ctrl+A's 0x01) are what X's lookup gives too; keep them.
    }
}
static void keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group) {
    (void)k; (void)serial;
    lamina_wl *wl = data;
    if (!wl->state) return;
    xkb_state_update_mask(wl->state, depressed, latched, locked, 0, 0, group);
    uint32_t shift_lock = (1u << wl->shift) | (1u << wl->caps);
    xkb_state_update_mask(wl->plain_state, depressed & shift_lock, latched & shift_lock, locked & shift_lock, 0, 0, group);
    uint32_t flags = 0;
    if (xkb_state_mod_index_is_active(wl->state, wl->shift, XKB_STATE_MODS_EFFECTIVE) > 0) flags |= 1;
    if (xkb_state_mod_index_is_active(wl->state, wl->control, XKB_STATE_MODS_EFFECTIVE) > 0) flags |= 2;
    if (xkb_state_mod_index_is_active(wl->state, wl->alt, XKB_STATE_MODS_EFFECTIVE) > 0) flags |= 4;
    if (xkb_state_mod_index_is_active(wl->state, wl->logo, XKB_STATE_MODS_EFFECTIVE) > 0) flags |= 8;
    if (xkb_state_mod_index_is_active(wl->state, wl->caps, XKB_STATE_MODS_EFFECTIVE) > 0) flags |= 16;
    wl->modifiers = flags;
}
static void keyboard_repeat(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay) { (void)data; (void)k; (void)rate; (void)delay; }
static const struct wl_keyboard_listener keyboard_listener = {
    .keymap = keyboard_keymap, .enter = keyboard_enter, .leave = keyboard_leave, .key = keyboard_key,
    .modifiers = keyboard_modifiers, .repeat_info = keyboard_repeat,
};

// MARK: Seat and registry

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    lamina_wl *wl = data;
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !wl->pointer) {
        wl->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(wl->pointer, &pointer_listener, wl);
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !wl->keyboard) {
        wl->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(wl->keyboard, &keyboard_listener, wl);
    }
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) { (void)data; (void)seat; (void)name; }
static const struct wl_seat_listener seat_listener = { .capabilities = seat_capabilities, .name = seat_name };

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    lamina_wl *wl = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0) {
        wl->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, min_u32(version, 4));
    } else if (strcmp(interface, wl_shm_interface.name) == 0) {
        wl->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
        wl->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(wl->wm_base, &wm_base_listener, wl);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !wl->seat) {
        wl->seat = wl_registry_bind(registry, name, &wl_seat_interface, min_u32(version, 5));
        wl_seat_add_listener(wl->seat, &seat_listener, wl);
    }
}
static void registry_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = { .global = registry_global, .global_remove = registry_remove };

lamina_wl *lamina_wl_connect(const char *name, char *error, size_t error_size) {
    struct wl_display *display = wl_display_connect(name);
    if (!display) {
        if (!name) name = getenv("WAYLAND_DISPLAY");
        snprintf(error, error_size, "cannot connect to %s", name ? name : "(WAYLAND_DISPLAY is not set)");
        return NULL;
    }
    lamina_wl *wl = calloc(1, sizeof *wl);
    wl->display = display;
    wl->xkb = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    pthread_mutex_init(&wl->render_lock, NULL);
    wl->render_queue = wl_display_create_queue(display);
    wl->registry = wl_display_get_registry(display);
    wl_registry_add_listener(wl->registry, &registry_listener, wl);
    wl_display_roundtrip(display);           // the globals
    wl_display_roundtrip(display);           // the seat's capabilities, the keymap
    if (!wl->compositor || !wl->shm || !wl->wm_base) {
        snprintf(error, error_size, "the Wayland compositor lacks %s", !wl->compositor ? "wl_compositor" : !wl->shm ? "wl_shm" : "xdg_wm_base");
        wl_display_disconnect(display);
        free(wl);
        return NULL;
    }
    return wl;
}

int lamina_wl_fd(lamina_wl *wl) { return wl_display_get_fd(wl->display); }

int lamina_wl_dispatch(lamina_wl *wl) {
    struct wl_display *d = wl->display;
    while (wl_display_prepare_read(d) != 0) {
        if (wl_display_dispatch_pending(d) < 0) return -1;
    }
    wl_display_flush(d);
    struct pollfd pfd = { .fd = wl_display_get_fd(d), .events = POLLIN };
    if (poll(&pfd, 1, 0) > 0) {
        if (wl_display_read_events(d) < 0) return -1;
    } else {
        wl_display_cancel_read(d);
    }
    if (wl_display_dispatch_pending(d) < 0) return -1;
    wl_display_flush(d);
    return 0;
}

int lamina_wl_next_event(lamina_wl *wl, lamina_wl_event *event) {
    if (wl->head >= wl->count) return 0;
    *event = wl->events[wl->head++];
    return 1;
}

// MARK: Windows

lamina_wl_window *lamina_wl_window_create(lamina_wl *wl, uint32_t id, const char *title) {
    lamina_wl_window *window = calloc(1, sizeof *window);
    window->wl = wl;
    window->id = id;
    window->surface = wl_compositor_create_surface(wl->compositor);
    wl_surface_set_user_data(window->surface, window);
    window->render_surface = wl_proxy_create_wrapper(window->surface);
    wl_proxy_set_queue((struct wl_proxy *)window->render_surface, wl->render_queue);
    window->xdg_surface = xdg_wm_base_get_xdg_surface(wl->wm_base, window->surface);
    xdg_surface_add_listener(window->xdg_surface, &xdg_surface_listener, window);
    window->toplevel = xdg_surface_get_toplevel(window->xdg_surface);
    xdg_toplevel_add_listener(window->toplevel, &toplevel_listener, window);
    xdg_toplevel_set_title(window->toplevel, title);
    xdg_toplevel_set_app_id(window->toplevel, "lamina");
    wl_surface_commit(window->surface);
    wl_display_flush(wl->display);
    return window;
}

int lamina_wl_window_wait_configured(lamina_wl_window *window) {
    for (int i = 0; i < 50 && !window->configured; i++) {
        if (wl_display_roundtrip(window->wl->display) < 0) return -1;
    }
    return window->configured ? 0 : -1;
}

void lamina_wl_window_set_title(lamina_wl_window *window, const char *title) {
    xdg_toplevel_set_title(window->toplevel, title);
    wl_display_flush(window->wl->display);
}

void lamina_wl_window_set_size_limits(lamina_wl_window *window, int32_t min_w, int32_t min_h, int32_t max_w, int32_t max_h) {
    xdg_toplevel_set_min_size(window->toplevel, min_w, min_h);
    xdg_toplevel_set_max_size(window->toplevel, max_w, max_h);
    wl_display_flush(window->wl->display);
}

void lamina_wl_window_set_fullscreen(lamina_wl_window *window, int fullscreen) {
    if (fullscreen) xdg_toplevel_set_fullscreen(window->toplevel, NULL); else xdg_toplevel_unset_fullscreen(window->toplevel);
    wl_display_flush(window->wl->display);
}

void lamina_wl_window_destroy(lamina_wl_window *window) {
    lamina_wl *wl = window->wl;
    if (wl->pointer_focus == window) wl->pointer_focus = NULL;
    if (wl->keyboard_focus == window) wl->keyboard_focus = NULL;
    // Under the render lock: a render-side call in flight ends first, later ones see `destroyed`.
    pthread_mutex_lock(&wl->render_lock);
    if (window->frame) wl_callback_destroy(window->frame);
    window->frame = NULL;
    window->destroyed = 1;
    xdg_toplevel_destroy(window->toplevel);
    xdg_surface_destroy(window->xdg_surface);
    wl_proxy_wrapper_destroy(window->render_surface);
    wl_surface_destroy(window->surface);
    pthread_mutex_unlock(&wl->render_lock);
    wl_display_flush(wl->display);
}

void lamina_wl_window_free(lamina_wl_window *window) {
    if (!window->destroyed) lamina_wl_window_destroy(window);
    free(window);
}

// MARK: Buffers and frames (render side)

static void buffer_release(void *data, struct wl_buffer *buffer) { (void)buffer; ((lamina_wl_buffer *)data)->busy = 0; }
static const struct wl_buffer_listener buffer_listener = { .release = buffer_release };

lamina_wl_buffer *lamina_wl_buffer_create(lamina_wl_window *window, int width, int height) {
    lamina_wl *wl = window->wl;
    if (width <= 0 || height <= 0 || window->destroyed) return NULL;
    int stride = width * 4;
    size_t size = (size_t)stride * (size_t)height;
    int fd = memfd_create("lamina-frame", MFD_CLOEXEC);
    if (fd < 0) return NULL;
    if (ftruncate(fd, (off_t)size) < 0) { close(fd); return NULL; }
    void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED) { close(fd); return NULL; }
    // The pool and its buffer are made on the render queue, where their releases arrive.
    struct wl_shm *shm = wl_proxy_create_wrapper(wl->shm);
    wl_proxy_set_queue((struct wl_proxy *)shm, wl->render_queue);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
    lamina_wl_buffer *buffer = calloc(1, sizeof *buffer);
    buffer->buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    wl_proxy_wrapper_destroy(shm);
    close(fd);
    buffer->data = data;
    buffer->size = size;
    buffer->stride = stride;
    wl_buffer_add_listener(buffer->buffer, &buffer_listener, buffer);
    return buffer;
}

void *lamina_wl_buffer_data(lamina_wl_buffer *buffer) { return buffer->data; }
int lamina_wl_buffer_stride(lamina_wl_buffer *buffer) { return buffer->stride; }
int lamina_wl_buffer_busy(lamina_wl_buffer *buffer) { return buffer->busy; }

void lamina_wl_buffer_destroy(lamina_wl_buffer *buffer) {
    wl_buffer_destroy(buffer->buffer);
    munmap(buffer->data, buffer->size);
    free(buffer);
}

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    lamina_wl_window *window = data;
    wl_callback_destroy(callback);
    if (window->frame == callback) window->frame = NULL;
    window->frame_time = time;
    window->frames_done++;
}
static const struct wl_callback_listener frame_listener = { .done = frame_done };

/// Asks for a frame callback (under render_lock).
static void ask_frame(lamina_wl_window *window) {
    if (window->frame) return;
    window->frame = wl_surface_frame(window->render_surface);
    wl_callback_add_listener(window->frame, &frame_listener, window);
}

void lamina_wl_present(lamina_wl_window *window, lamina_wl_buffer *buffer, const int32_t *rects, int count) {
    lamina_wl *wl = window->wl;
    pthread_mutex_lock(&wl->render_lock);
    if (window->destroyed) { pthread_mutex_unlock(&wl->render_lock); return; }
    wl_surface_attach(window->render_surface, buffer->buffer, 0, 0);
    for (int i = 0; i < count; i++) {
        wl_surface_damage_buffer(window->render_surface, rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3]);
    }
    buffer->busy = 1;
    ask_frame(window);
    wl_surface_commit(window->render_surface);
    pthread_mutex_unlock(&wl->render_lock);
    wl_display_flush(wl->display);
}

void lamina_wl_request_frame(lamina_wl_window *window) {
    lamina_wl *wl = window->wl;
    pthread_mutex_lock(&wl->render_lock);
    if (!window->frame && !window->destroyed) {
        ask_frame(window);
        wl_surface_commit(window->render_surface);
    }
    pthread_mutex_unlock(&wl->render_lock);
    wl_display_flush(wl->display);
}

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int lamina_wl_render_wait(lamina_wl_window *window, lamina_wl_buffer *buffer, int timeout_ms, uint32_t *time) {
    lamina_wl *wl = window->wl;
    struct wl_display *d = wl->display;
    long long deadline = now_ms() + timeout_ms;
    pthread_mutex_lock(&wl->render_lock);
    uint64_t start = window->frames_done;
    int done = 0;
    for (;;) {
        wl_display_dispatch_queue_pending(d, wl->render_queue);
        if (window->destroyed) break;
        done = buffer ? !buffer->busy : window->frames_done > start || !window->frame;
        if (done) break;
        long long left = deadline - now_ms();
        if (left <= 0) break;
        if (wl_display_prepare_read_queue(d, wl->render_queue) != 0) continue;
        wl_display_flush(d);
        struct pollfd pfd = { .fd = wl_display_get_fd(d), .events = POLLIN };
        // Another thread may read our events into the queue: look again every few ms.
        int ready = poll(&pfd, 1, left < 4 ? (int)left : 4);
        if (ready > 0) { if (wl_display_read_events(d) < 0) break; } else { wl_display_cancel_read(d); }
    }
    if (time) *time = window->frame_time;
    pthread_mutex_unlock(&wl->render_lock);
    return done;
}

uint64_t lamina_wl_frames_done(lamina_wl_window *window) {
    lamina_wl *wl = window->wl;
    pthread_mutex_lock(&wl->render_lock);
    uint64_t n = window->frames_done;
    pthread_mutex_unlock(&wl->render_lock);
    return n;
}
