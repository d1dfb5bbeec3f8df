/**
 * A `fetch` built on XMLHttpRequest, for the typed client's upload call: fetch cannot report
 * upload progress, XMLHttpRequest's `upload.onprogress` can (WHATWG XHR §3.6.1).
 */
export function progressFetch(onProgress: (fraction: number) => void): typeof fetch {
  return async (input, init) => {
    // openapi-fetch passes a ready Request: its body is already encoded (multipart with its boundary).
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, key) => {
        xhr.setRequestHeader(key, value);
      });
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
          const i = line.indexOf(':');
          if (i > 0) headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
        }
        resolve(new Response(xhr.status === 204 ? null : xhr.response, { status: xhr.status, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network error during upload'));
      xhr.send(body);
    });
  };
}
