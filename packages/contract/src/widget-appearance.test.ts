import { describe, expect, it } from 'vitest';
import { accentTextColor, DEFAULT_WIDGET_APPEARANCE, WidgetAppearance } from './dashboard-overview';

describe('widget appearance contract', () => {
  it('picks the text colour that contrasts more with the accent', () => {
    expect(accentTextColor('#1d4ed8')).toBe('#ffffff');
    expect(accentTextColor('#0f766e')).toBe('#ffffff');
    expect(accentTextColor('#fde047')).toBe('#111111');
    expect(accentTextColor('#ffffff')).toBe('#111111');
  });

  it('accepts the defaults and normalises a colour; refuses anything but #rrggbb', () => {
    expect(WidgetAppearance.parse(DEFAULT_WIDGET_APPEARANCE)).toEqual(DEFAULT_WIDGET_APPEARANCE);
    expect(WidgetAppearance.parse({ ...DEFAULT_WIDGET_APPEARANCE, accent_color: ' #ABCDEF ' }).accent_color).toBe(
      '#abcdef',
    );
    for (const bad of ['#abc', 'blue', '#abcdeg', '#1d4ed8;color:red', 'url(x)']) {
      expect(WidgetAppearance.safeParse({ ...DEFAULT_WIDGET_APPEARANCE, accent_color: bad }).success).toBe(false);
    }
  });
});
