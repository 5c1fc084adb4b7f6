# syntax=docker/dockerfile:1

# The Discord bot in a container: the database lives on the /data volume, the
# token comes from the environment, `docker stop` (SIGTERM) stops it cleanly.
#
#   docker build -t aquaretto-bot .
#   docker run -d --name aquaretto --env-file .env -v aquaretto-data:/data --stop-timeout 40 --restart unless-stopped aquaretto-bot
#
# docs/deploy.md has the details (backups, restoring, upgrading). This file was
# written without a container engine at hand and has not been built yet.

# 1.95 is the toolchain the crate is built and tested with. The locked
# dependencies need at least 1.88 (image, time), whatever Cargo.toml's
# rust-version says.
ARG RUST_VERSION=1.95

# ---- build ------------------------------------------------------------------
FROM rust:${RUST_VERSION}-slim-bookworm AS build
WORKDIR /src

# The release profile (Cargo.toml) keeps line tables for this crate only, so a
# panic's backtrace names our files and lines. The image ships the binary with
# those debug sections compressed (zlib, which Rust's backtraces read): about
# 46 MB instead of 75, the lines kept (BENCHMARKS.md, "Binary size").

COPY Cargo.toml Cargo.lock ./
# The fonts and icons (include_bytes!) and the migrations (sqlx::migrate!) are
# compiled into the binary.
COPY src ./src
COPY migrations ./migrations
COPY assets ./assets
# Not built, but Cargo refuses a manifest whose [[bench]] files are missing,
# and a workspace whose member (the test kit, a dev-dependency) is.
COPY benches ./benches
COPY testkit ./testkit

# The registry and target/ are BuildKit caches: a rebuild after a code change
# compiles only this crate. Touching the crate roots makes Cargo recompile it
# even when a cached build looks newer, so a new migration or asset is always
# picked up. The binary is copied out of the cache in the same step, its debug
# sections compressed on the way.
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/usr/local/cargo/git,sharing=locked \
    --mount=type=cache,target=/src/target,sharing=locked \
    touch src/lib.rs src/main.rs \
    && cargo build --release --locked --bin aquaretto-bot \
    && objcopy --compress-debug-sections=zlib target/release/aquaretto-bot /usr/local/bin/aquaretto-bot

# ---- run --------------------------------------------------------------------
# Debian slim, the same release as the build stage (the binary links glibc);
# it has a shell, which the restore steps in docs/deploy.md use.
FROM debian:bookworm-slim

# No ca-certificates: TLS is rustls with the Mozilla roots compiled into the
# binary (webpki-roots, through serenity's and reqwest's rustls features); it
# never reads the system's certificate store.
RUN groupadd --gid 10001 aquaretto \
    && useradd --uid 10001 --gid 10001 --home-dir /data --no-create-home --no-log-init \
        --shell /usr/sbin/nologin aquaretto \
    && mkdir /data \
    && chown 10001:10001 /data

COPY --from=build /usr/local/bin/aquaretto-bot /usr/local/bin/aquaretto-bot

# A DATABASE_URL given at `docker run` overrides this. A relative one, such as
# sqlite://aquaretto.db, also lands in /data, the working directory; so does
# an empty one (.env.example's), which means that same default.
ENV DATABASE_URL=sqlite:///data/aquaretto.db
WORKDIR /data
USER 10001:10001
# Created empty and owned by the bot's user; a new named volume copies that.
VOLUME ["/data"]

# `aquaretto-bot health`: the database answers (opened read-only), its
# migrations are this binary's, and, with DISCORD_TOKEN set, the bot recorded
# its gateway connected within 2 minutes (it records every 30 s once
# connected, beside the database). The start period covers connecting and
# registering the commands; an unhealthy container is only reported, the
# restart policy restarts a bot that exits.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/aquaretto-bot", "health"]

# The bot handles SIGTERM itself (closes the gateway connections, stops the
# scheduler), and as PID 1 it receives it directly: no --init is needed.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/aquaretto-bot"]
CMD ["serve"]
