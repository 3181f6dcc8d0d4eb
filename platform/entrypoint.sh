#!/bin/sh
# One image, four roles: `release` (migrate; run once per deployment, before the others), `web`
# (uvicorn), `worker` and `beat` (exactly one); anything else runs as given.
set -eu

case "${1:-web}" in
  release)
    exec python manage.py migrate --noinput
    ;;
  web)
    # X-Forwarded-For is believed only from FORWARDED_ALLOW_IPS (the proxy's address): from
    # anyone else it is ignored, so sign-in brakes and throttles count the real client.
    exec uvicorn config.asgi:application \
      --host 0.0.0.0 --port "${PORT:-8000}" --workers "${WEB_CONCURRENCY:-2}" \
      --lifespan off --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}" \
      --ws-max-size 1048576
    ;;
  worker)
    exec celery -A config worker --loglevel INFO --concurrency "${WORKER_CONCURRENCY:-2}"
    ;;
  beat)
    exec celery -A config beat --loglevel INFO --schedule "${VAR_DIR:-/app/var}/celerybeat-schedule"
    ;;
  *)
    exec "$@"
    ;;
esac
