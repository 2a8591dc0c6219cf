/**
 * The small pages of `/launch`: the hand-over after a first opening, and the refusals in words.
 * No script (the shell's CSP allows none inline) and nothing taken from the request.
 */

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
${head}<title>${title} – RefDesk</title>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

/**
 * Sent with the session cookie on a first opening. It moves on to the app with a same-origin
 * navigation (a meta refresh), not a redirect: the browser window RefDesk opens starts from a
 * local file, and a redirect in a chain a file page started is cross-site, so the browser would
 * not send the SameSite=Strict cookie it has just received.
 */
export const OPENING_PAGE = page(
  'Opening RefDesk',
  '<p>Opening RefDesk… <a href="/">Continue</a></p>',
  '<meta http-equiv="refresh" content="0;url=/">\n',
);

/** A second opening of a link, by a browser without the session it granted. */
export const LINK_USED_PAGE = page(
  'This link was already used',
  `<p>Each RefDesk link opens RefDesk once, so that nobody else who sees it can use it.</p>
<p>Go back to the RefDesk window this link opened, or restart RefDesk (<code>npm start</code>) for a new link.</p>`,
);

/** A key this run never issued (an old link, or a guess). */
export const LINK_UNKNOWN_PAGE = page(
  'This link is not valid',
  '<p>This launch link does not belong to the RefDesk that is running now. Open the link it printed when it started.</p>',
);
