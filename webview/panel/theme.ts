/**
 * Colours for the canvas, read from VS Code's theme variables. A canvas cannot resolve `var(...)`,
 * so the values are read once per theme and re-read when VS Code switches theme: it changes the
 * body's class (vscode-light / vscode-dark / vscode-high-contrast) and the variables on <html>.
 */

export interface ChartTheme {
  foreground: string;
  muted: string;
  grid: string;
  /** Grid lines are dashed in high contrast, where the only grid colour on offer is bright. */
  gridDash: number[];
  tooltipBackground: string;
  tooltipForeground: string;
  tooltipBorder: string;
  fontFamily: string;
  fontSize: number;
  highContrast: boolean;
}

/** The value of a CSS variable on <html>, or '' when the theme does not define it. */
export function cssVariable(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The first of the variables the theme defines; the body's text colour when none is. */
function firstVariable(...names: string[]): string {
  for (const name of names) {
    const value = cssVariable(name);
    if (value) {
      return value;
    }
  }
  return getComputedStyle(document.body).color;
}

/** A series colour: its variable, else the charts' foreground. */
export function seriesColor(variable: string): string {
  return firstVariable(variable, '--vscode-charts-foreground', '--vscode-foreground');
}

export function isHighContrast(): boolean {
  return (
    document.body.classList.contains('vscode-high-contrast') ||
    document.body.classList.contains('vscode-high-contrast-light')
  );
}

export function readChartTheme(): ChartTheme {
  const highContrast = isHighContrast();
  const fontSize = Number.parseFloat(cssVariable('--vscode-font-size'));
  return {
    foreground: firstVariable('--vscode-foreground', '--vscode-editor-foreground'),
    muted: firstVariable('--vscode-descriptionForeground', '--vscode-foreground'),
    grid: highContrast
      ? firstVariable('--vscode-charts-lines', '--vscode-contrastBorder', '--vscode-foreground')
      : firstVariable(
          '--vscode-editorWidget-border',
          '--vscode-widget-border',
          '--vscode-panel-border',
          '--vscode-charts-lines',
          '--vscode-foreground',
        ),
    gridDash: highContrast ? [2, 3] : [],
    tooltipBackground: firstVariable(
      '--vscode-editorHoverWidget-background',
      '--vscode-editorWidget-background',
      '--vscode-editor-background',
    ),
    tooltipForeground: firstVariable('--vscode-editorHoverWidget-foreground', '--vscode-foreground'),
    tooltipBorder: firstVariable(
      '--vscode-editorHoverWidget-border',
      '--vscode-contrastBorder',
      '--vscode-editorWidget-border',
      '--vscode-foreground',
    ),
    fontFamily: cssVariable('--vscode-font-family') || getComputedStyle(document.body).fontFamily,
    fontSize: Number.isFinite(fontSize) && fontSize > 0 ? fontSize : 13,
    highContrast,
  };
}

/**
 * Calls `onChange` (once per frame at most) after the theme changes. Returns a function that
 * stops watching.
 */
export function watchTheme(onChange: () => void): () => void {
  let pending = 0;
  const schedule = () => {
    if (pending === 0) {
      pending = requestAnimationFrame(() => {
        pending = 0;
        onChange();
      });
    }
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, {
    attributes: true,
    attributeFilter: ['class', 'data-vscode-theme-kind', 'data-vscode-theme-id'],
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
  return () => {
    observer.disconnect();
    cancelAnimationFrame(pending);
  };
}
