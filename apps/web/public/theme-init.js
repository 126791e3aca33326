/* global document */
// Apply the stored theme before first paint so dark mode never flashes light. Loaded as a file
// (not an inline script) so the Content-Security-Policy can forbid inline scripts.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch {
  // storage blocked: stay light
}
