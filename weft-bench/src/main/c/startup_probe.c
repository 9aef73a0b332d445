/*
 * Start-up probe for weft-bench/startup: starts a server process itself (fork + exec) and times
 * it from the exec with one monotonic clock.
 *
 *   startup_probe first PORT -- CMD ARGS...
 *       retries connecting to 127.0.0.1:PORT about every 1 ms, sends 64 bytes, waits for them
 *       back; prints "first_ms=<ms>" (exec to the echo's last byte).
 *   PROBE_PROTO=resp or PROBE_PROTO=http in the environment (both modes): the request is a RESP
 *       PING (the answer must be +PONG) or an HTTP/1.1 keep-alive GET /plaintext (the answer must
 *       be a 200 with a Content-Length body) instead of the 64-byte echo.
 *   startup_probe load PORT CONNS SECONDS RATE -- CMD ARGS...
 *       opens CONNS connections (each retried about every 1 ms until the server accepts), then on
 *       each sends 64 bytes and waits for the whole echo, again and again, for SECONDS after the
 *       exec, at most RATE round trips a second in all (0: no limit); prints one line per 100 ms
 *       window: "window <end_ms> <round_trips>".
 *
 * Single-threaded (epoll, non-blocking sockets). Ends the server with SIGTERM (SIGKILL after 2 s)
 * before it exits; exits 1 if the server never answers or a byte differs.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MSG 64
#define MAX_ANSWER 1024
#define WINDOW_MS 100
#define GIVE_UP_MS 30000

static pid_t child = -1;
static double t_exec;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void stop_child(void) {
    if (child <= 0) return;
    kill(child, SIGTERM);
    for (int i = 0; i < 200; i++) {
        if (waitpid(child, NULL, WNOHANG) == child) { child = -1; return; }
        usleep(10000);
    }
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    child = -1;
}

static void die(const char *what) {
    fprintf(stderr, "startup_probe: %s: %s\n", what, strerror(errno));
    stop_child();
    exit(1);
}

static void on_signal(int sig) {
    (void) sig;
    stop_child();
    _exit(1);
}

static void start(char **cmd) {
    t_exec = now_ms();
    child = fork();
    if (child < 0) die("fork");
    if (child == 0) {
        execvp(cmd[0], cmd);
        perror("exec");
        _exit(127);
    }
}

/* A non-blocking socket whose connect to 127.0.0.1:port succeeded, or -1 (refused: retry). */
static int try_connect(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) die("socket");
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *) &a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct timeval tv = {.tv_sec = 10};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

static int connect_retrying(int port) {
    for (;;) {
        int fd = try_connect(port);
        if (fd >= 0) return fd;
        if (now_ms() - t_exec > GIVE_UP_MS) { errno = ETIMEDOUT; die("connect"); }
        if (waitpid(child, NULL, WNOHANG) == child) { child = -1; errno = ECHILD; die("server exited"); }
        usleep(1000);
    }
}

static unsigned char out[MAX_ANSWER];
static int out_len = MSG;
static enum { ECHO, RESP, HTTP } proto = ECHO;

static void init_proto(void) {
    const char *p = getenv("PROBE_PROTO");
    if (p == NULL || strcmp(p, "echo") == 0) {
        for (int i = 0; i < MSG; i++) out[i] = (unsigned char) (i * 7 + 1);
        return;
    }
    const char *req;
    if (strcmp(p, "resp") == 0) { proto = RESP; req = "*1\r\n$4\r\nPING\r\n"; }
    else if (strcmp(p, "http") == 0) { proto = HTTP; req = "GET /plaintext HTTP/1.1\r\nHost: probe\r\n\r\n"; }
    else { fprintf(stderr, "startup_probe: PROBE_PROTO must be echo, resp or http, not %s\n", p); exit(2); }
    out_len = (int) strlen(req);
    memcpy(out, req, out_len);
}

/* Whether in[0..got) is the whole answer to the request (1), a part of it (0), or wrong (-1). */
static int answer(const unsigned char *in, int got) {
    switch (proto) {
    case ECHO:
        if (got < MSG) return 0;
        return got == MSG && memcmp(in, out, MSG) == 0 ? 1 : -1;
    case RESP:
        if (got < 7) return 0;
        return got == 7 && memcmp(in, "+PONG\r\n", 7) == 0 ? 1 : -1;
    case HTTP: {
        const unsigned char *end = memmem(in, got, "\r\n\r\n", 4);
        if (end == NULL) return got >= MAX_ANSWER ? -1 : 0;
        if (got < 12 || memcmp(in, "HTTP/1.1 200", 12) != 0) return -1;
        int head = (int) (end - in) + 4;
        long length = -1;
        for (const unsigned char *l = in; l < end; l++) {
            if (*l == '\n' && end - l > 16 && strncasecmp((const char *) l + 1, "content-length:", 15) == 0) {
                length = strtol((const char *) l + 16, NULL, 10);
            }
        }
        if (length < 0 || head + length > MAX_ANSWER) return -1;
        if (got < head + length) return 0;
        return got == head + length ? 1 : -1;
    }
    }
    return -1;
}

static int first(int port) {
    for (;;) {
        int fd = connect_retrying(port);
        if (write(fd, out, out_len) != out_len) { close(fd); continue; }
        unsigned char in[MAX_ANSWER];
        int got = 0, state = 0;
        while (state == 0) {
            ssize_t n = read(fd, in + got, MAX_ANSWER - got);
            if (n <= 0) break;
            got += (int) n;
            state = answer(in, got);
        }
        close(fd);
        /* a listener bound before it is served may reset: start again */
        if (state == 0) continue;
        double t = now_ms() - t_exec;
        if (state < 0) { errno = EPROTO; die("the answer differs"); }
        printf("first_ms=%.1f\n", t);
        return 0;
    }
}

struct conn { int fd; int got; unsigned char in[MAX_ANSWER]; };

static void send_request(struct conn *c) {
    if (write(c->fd, out, out_len) != out_len) die("write");
}

/* rate > 0: at most rate round trips a second in all (a token bucket of 2 ms); 0: as fast as the
 * server answers. A connection whose echo is back waits in a queue for its next token. */
static int load(int port, int conns, double secs, double rate) {
    int ep = epoll_create1(0);
    if (ep < 0) die("epoll_create1");
    struct conn *cs = calloc(conns, sizeof *cs);
    int *queue = calloc(conns, sizeof *queue), qhead = 0, qlen = 0;
    double end = t_exec + secs * 1e3;
    int nwin = (int) (secs * 1e3 / WINDOW_MS) + 1;
    long *win = calloc(nwin, sizeof *win);
    for (int i = 0; i < conns; i++) {
        cs[i].fd = connect_retrying(port);
        if (fcntl(cs[i].fd, F_SETFL, O_NONBLOCK) < 0) die("fcntl");
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (unsigned) i};
        if (epoll_ctl(ep, EPOLL_CTL_ADD, cs[i].fd, &ev) != 0) die("epoll_ctl");
        queue[(qhead + qlen++) % conns] = i;
    }
    double burst = rate > 0 ? (rate * 0.002 < 1 ? 1 : rate * 0.002) : 0, tokens = burst;
    double last = now_ms();
    struct epoll_event evs[256];
    for (;;) {
        double t = now_ms();
        if (t >= end) break;
        if (rate > 0) {
            tokens += (t - last) * rate / 1e3;
            if (tokens > burst) tokens = burst;
        }
        last = t;
        while (qlen > 0 && (rate <= 0 || tokens >= 1)) {
            send_request(&cs[queue[qhead]]);
            qhead = (qhead + 1) % conns; qlen--;
            tokens -= 1;
        }
        int timeout = qlen > 0 ? 1 : (int) (end - t) + 1;
        int n = epoll_wait(ep, evs, 256, timeout);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("epoll_wait");
        for (int k = 0; k < n; k++) {
            int i = (int) evs[k].data.u32;
            struct conn *c = &cs[i];
            ssize_t r = read(c->fd, c->in + c->got, MAX_ANSWER - c->got);
            if (r < 0 && errno == EAGAIN) continue;
            if (r <= 0) die("read");
            c->got += (int) r;
            int state = answer(c->in, c->got);
            if (state == 0) continue;
            if (state < 0) { errno = EPROTO; die("the answer differs"); }
            c->got = 0;
            int w = (int) ((now_ms() - t_exec) / WINDOW_MS);
            if (w < nwin) win[w]++;
            queue[(qhead + qlen++) % conns] = i;
        }
    }
    for (int w = 0; w < nwin - 1; w++) printf("window %d %ld\n", (w + 1) * WINDOW_MS, win[w]);
    return 0;
}

static int usage(void) {
    fprintf(stderr, "usage: startup_probe first PORT -- CMD ...\n"
                    "       startup_probe load PORT CONNS SECONDS RATE -- CMD ...\n");
    return 2;
}

int main(int argc, char **argv) {
    int dash = 0;
    for (int i = 1; i < argc; i++) if (strcmp(argv[i], "--") == 0) { dash = i; break; }
    if (argc < 3 || dash == 0 || dash + 1 >= argc) return usage();
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    int port = atoi(argv[2]);
    init_proto();
    int rc;
    if (strcmp(argv[1], "first") == 0 && dash == 3) {
        start(argv + dash + 1);
        rc = first(port);
    } else if (strcmp(argv[1], "load") == 0 && dash == 6) {
        int conns = atoi(argv[3]);
        double secs = atof(argv[4]), rate = atof(argv[5]);
        if (conns <= 0 || secs <= 0 || rate < 0) return usage();
        start(argv + dash + 1);
        rc = load(port, conns, secs, rate);
    } else {
        return usage();
    }
    fflush(stdout);
    stop_child();
    return rc;
}
