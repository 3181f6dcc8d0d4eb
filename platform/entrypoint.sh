#!/bin/sh
# One image, three roles: `web` (migrate, then uvicorn), `worker` and `beat`; anything else runs as given.
set -eu

case "${1:-web}" in
  web)
    python manage.py migrate --noinput
    exec uvicorn config.asgi:application \
      --host 0.0.0.0 --port "${PORT:-8000}" --workers "${WEB_CONCURRENCY:-2}" \
      --lifespan off --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}"
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
