// The widget feature's public face: what other features and the composition root may import (decision 037).

export { registerWidgetRoutes } from './widget.routes';
export {
  getWidget,
  getWidgetAppearance,
  regenerateWidget,
  saveWidgetAppearance,
  setDocumentPublic,
} from './widget.service';
