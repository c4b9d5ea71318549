// Mounts every table island of a list page.
import { mount } from "../lib/mount.js";
import DataTable from "./DataTable.jsx";

mount("table", DataTable);
