/** GET /manifest.json: the web app manifest of the site of the request's host (W3C Web Application Manifest). */
export type WebAppManifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
};
