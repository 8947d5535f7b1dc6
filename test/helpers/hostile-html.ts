/**
 * Custom error pages that run script in a browser though a pattern or a loose scanner misses them (rules §5 "no
 * JavaScript"): shared by the parser tests (test/core/rules/html.test.ts, with parse5 as the oracle), the server test
 * and the error page tab's browser test.
 */
export const HOSTILE_PAGES: readonly string[] = [
  // Comments that end earlier than a `-->` search believes.
  '<!--><script>alert(1)</script>-->',
  '<!---><script>alert(1)</script>-->',
  '<!-- x --!><script>alert(1)</script>-->',
  '<p>x</p><!-- a --!> <img src=x onerror=alert(1)> -->',
  // Bogus comments end at the first `>`: what a scanner takes for an attribute value is markup.
  '<? <a title="> <script>alert(1)</script> ">',
  '</ <a title="> <img src=x onerror=alert(1)> ">',
  '<!x <a title="> <img src=x onerror=alert(1)> ">',
  // Raw text elements: their end tag inside a "value" ends them.
  '<style><a title="</style><img src=x onerror=alert(1)>"></style>',
  '<textarea><a title="</textarea><img src=x onerror=alert(1)>">',
  '<title><a title="</title><script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xmp><p title="</xmp><script>alert(1)</script>">',
  '<iframe><p title="</iframe><img src=x onerror=alert(1)>">',
  '<noembed><p title="</noembed><img src=x onerror=alert(1)>">',
  '<noframes><p title="</noframes><img src=x onerror=alert(1)>">',
  '<StYlE><a title="</sTyLe ><img src=x onerror=alert(1)>">',
  // ...and inside SVG they are markup.
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  // CDATA in SVG is text up to `]]>`.
  '<svg><![CDATA[<a title="]]><script>alert(1)</script>">]]></svg>',
  '<![CDATA[ ><img src=x onerror=alert(1)> ]]>',
  // Handlers in every spelling of an attribute list.
  '<img/src="x"/onerror=alert(1)>',
  '<img src="x"onerror="alert(1)">',
  '<img src=x ONERROR = alert(1)>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  // Script URLs and their disguises.
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="jav&Tab;ascript:alert(1)">x</a>',
  '<a href="java&NewLine;script&colon;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#106avascript:alert(1)">x</a>',
  '<a href=" \u0001javascript:alert(1)">x</a>',
  '<a href="javas&#99;ript:alert(1)">x</a>',
  '<a href=VBScript:msgbox(1)>x</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<math><a xlink:href="javascript:alert(1)">x</a></math>',
  '<table><td background="javascript:alert(1)">x</td></table>',
  '<base href="javascript:alert(1)//">',
  '<svg><a><animate attributeName=href values="x;javascript:alert(1)"/><text>x</text></a></svg>',
  '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<iframe src="data:image/svg+xml,<svg onload=alert(1)>"></iframe>',
  '<iframe src="DaTa:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>',
  // Documents inside srcdoc, decoded with the standard's references (also nested, also upper-case legacy forms).
  '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>',
  '<iframe srcdoc="&LT;script&GT;alert(1)&LT;/script&GT;"></iframe>',
  '<iframe srcdoc="<iframe srcdoc=\'&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;\'></iframe>"></iframe>',
  '<svg><foreignObject><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe></foreignObject></svg>',
  // Script and plugin elements in any namespace or case.
  '<script>alert(1)</script>',
  '<ScRiPt src=//x></sCrIpT>',
  '<svg><script href="data:,alert(1)"/></svg>',
  '<svg:script>alert(1)</svg:script>',
  '<object data="x.svg"></object>',
  '<embed src="x.svg">',
  // Old engines' style script.
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>body { behavior: url(x.htc) }</style>',
  // A tag cut off by the end of the page is dropped by a browser, but it is refused anyway.
  '<img src=x onerror=alert(1)',
];

/** Refused though today's browsers would not run them (old engines did, or the markup is broken): the stricter reading. */
export const STRICTER_THAN_BROWSERS = new Set([
  '<img src=x onerror=alert(1)',
  '<svg:script>alert(1)</svg:script>',
  '<div style="width: expression(alert(1))">x</div>',
  '<style>body { behavior: url(x.htc) }</style>',
]);
