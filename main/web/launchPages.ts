/**
 * The small pages of `/launch`: its refusals in words (a first opening gets the app itself).
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
