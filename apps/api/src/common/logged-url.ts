/** What stands for a query value in the log. */
const HIDDEN = '[redacted]';

/** A parameter's name as code writes one (q, limit, createdFrom, tag[]); anything else may be someone's data. */
const PARAMETER_NAME = /^[A-Za-z_][\w.[\]-]{0,49}$/;

/** Paths whose last segment is a credential (a calendar feed's secret address): the log keeps the rest. */
const SECRET_PATH = /^(\/api\/calendar\/feed\/)[^/?]*/;

/**
 * A request's URL as the log keeps it: the path and the names of its query parameters, never
 * their values. A search is a person's name, phone or email (`?q=aarav.sharma@…`), and the
 * log is read by more people, and kept longer, than the data it would copy. A calendar feed's
 * secret, which is its address, is hidden too.
 */
export function loggedUrl(requestUrl: string): string {
  const url = requestUrl.replace(SECRET_PATH, `$1${HIDDEN}`);
  const start = url.indexOf('?');
  if (start === -1) return url;
  const parameters = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      const name = equals === -1 ? '' : parameter.slice(0, equals);
      return PARAMETER_NAME.test(name) ? `${name}=${HIDDEN}` : HIDDEN;
    });
  return `${url.slice(0, start)}?${parameters.join('&')}`;
}
