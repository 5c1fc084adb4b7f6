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

# The release profile keeps debug line tables (debug = 1) for profiling; the
# image leaves them out, which makes the binary several times smaller (panic
# messages still name functions). --build-arg RELEASE_DEBUG=1 keeps them.
ARG RELEASE_DEBUG=0
ENV CARGO_PROFILE_RELEASE_DEBUG=${RELEASE_DEBUG}

COPY Cargo.toml Cargo.lock ./
# The fonts and icons (include_bytes!) and the migrations (sqlx::migrate!) are
# compiled into the binary.
COPY src ./src
COPY migrations ./migrations
COPY assets ./assets
# Not built, but Cargo refuses a manifest whose [[bench]] files are missing.
COPY benches ./benches

# The registry and target/ are BuildKit caches: a rebuild after a code change
# compiles only this crate. Touching the crate roots makes Cargo recompile it
# even when a cached build looks newer, so a new migration or asset is always
# picked up. The binary is copied out of the cache in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/usr/local/cargo/git,sharing=locked \
    --mount=type=cache,target=/src/target,sharing=locked \
    touch src/lib.rs src/main.rs \
    && cargo build --release --locked --bin aquaretto-bot \
    && cp target/release/aquaretto-bot /usr/local/bin/aquaretto-bot

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
# .env.example's sqlite://aquaretto.db, also lands in /data, the working
# directory.
ENV DATABASE_URL=sqlite:///data/aquaretto.db
WORKDIR /data
USER 10001:10001
# Created empty and owned by the bot's user; a new named volume copies that.
VOLUME ["/data"]

# The bot handles SIGTERM itself (closes the gateway connections, stops the
# scheduler), and as PID 1 it receives it directly: no --init is needed.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/aquaretto-bot"]
CMD ["serve"]
