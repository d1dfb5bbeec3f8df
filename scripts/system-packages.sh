#!/usr/bin/env bash
# Debian packages the service needs beside npm and PyPI (README "Two commands"): installed in one
# apt-get call when missing and running as root; otherwise each missing one is named with its use.
set -uo pipefail
declare -a need=() why=()
want() { # want <command or path glob> <package...> -- <what it is for>
  local probe=$1; shift; local pkgs=() ; while [ "$1" != "--" ]; do pkgs+=("$1"); shift; done; shift
  if command -v "$probe" >/dev/null 2>&1 || compgen -G "$probe" >/dev/null; then return; fi
  need+=("${pkgs[@]}"); why+=("${pkgs[*]}: $*")
}
want bwrap bubblewrap -- "sandbox of every plugin runtime (docs/security.md)"
want '/usr/lib/postgresql/*/bin/initdb' postgresql -- "the throwaway PostgreSQL of make test"
want tesseract tesseract-ocr tesseract-ocr-eng -- "OCR of scanned pages and images (docs/pipeline.md)"
want '/usr/share/tesseract-ocr/*/tessdata/eng.traineddata' tesseract-ocr-eng -- "Tesseract's English data"
want pdftoppm poppler-utils -- "rendering scanned PDF pages for OCR"
want img2pdf img2pdf -- "the OCR tests' scanned PDFs"
want chromium chromium -- "the console's end-to-end tests (docs/console.md)"
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian packages: ${need[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  printf 'note: missing Debian package %s\n' "${why[@]}"
fi
