/** Entry point of every page: the box styles (main.css) and the page router. */
import "./styles/ai_summary.css";
import { route } from "./router";

void route(document);
