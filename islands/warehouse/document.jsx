// A stock document's create page (/e/w/i, /e/w/o) and detail page (/e/w/i/d, /e/w/o/d): the warehouse island
// of those pages, built apart from the list screens (main.jsx) so that each loads only its own code.
import { mount } from "../lib/mount.js";
import DocumentDetail from "./DocumentDetail.jsx";
import DocumentNew from "./DocumentNew.jsx";

function DocumentScreen({ screen, id, permissions }) {
  const kind = screen.startsWith("inbound") ? "inbound" : "outbound";
  if (screen.endsWith("New")) return <DocumentNew kind={kind} />;
  return <DocumentDetail kind={kind} id={id} permissions={permissions} />;
}

mount("warehouse", DocumentScreen);
