/**
 * The event narrative as plain text. The platform sends it as HTML at times; it is never put
 * into the page as HTML. Line breaks and paragraphs become new lines, then the markup is read
 * by DOMParser, whose documents are inert (no script runs, no image loads), and only its text
 * is kept, with entities decoded. The caller renders the result as text.
 */
const LOOKS_LIKE_MARKUP = /<\/?[a-z][^>]*>|&[a-z#0-9]+;/i;

/** The narrative's text with its line breaks. */
export function narrativeText(raw: string | undefined): string {
  if (!raw) return '';
  if (!LOOKS_LIKE_MARKUP.test(raw)) return raw.replace(/\r\n?/g, '\n');
  const withBreaks = raw
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n');
  const document = new DOMParser().parseFromString(withBreaks, 'text/html');
  // Script and style bodies are code, not narrative.
  for (const element of document.querySelectorAll('script, style')) element.remove();
  return (document.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
