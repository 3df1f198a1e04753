//! A picture of one search: the map, the cells the search expanded and the path it found, as
//! an SVG a browser or a README shows.

use std::fmt::Write as _;

use informed::puzzles::grid::{Cell, GridMap};

const WALL: &str = "#3b3b46";
const FLOOR: &str = "#f4f1ea";
const EXPANDED: &str = "#f2a65a";
const PATH: &str = "#1f5fbf";

/// What one search did on `map`: the cells it expanded, and the cells along its path.
pub struct Drawing<'m> {
    pub map: &'m GridMap,
    pub title: String,
    pub expanded: Vec<Cell>,
    pub path: Vec<Cell>,
}

impl Drawing<'_> {
    /// The SVG text, one unit a cell: walls and floor in runs along each row, the expanded
    /// cells over them, the path as one line through the cells' centres, its ends marked.
    pub fn svg(&self) -> String {
        let (width, height) = (u32::from(self.map.width()), u32::from(self.map.height()));
        let scale = (640 / width.max(height)).clamp(1, 16);
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {}" width="{}" height="{}" shape-rendering="crispEdges">"#,
            height + 3,
            width * scale,
            (height + 3) * scale
        );
        let _ = writeln!(svg, "<title>{}</title>", escape(&self.title));
        let _ = writeln!(
            svg,
            r#"<rect width="{width}" height="{height}" fill="{FLOOR}"/>"#
        );
        let _ = write!(svg, r#"<g fill="{WALL}">"#);
        for y in 0..self.map.height() {
            let mut x = 0;
            while x < self.map.width() {
                let run = (x..self.map.width())
                    .take_while(|&col| !self.map.is_passable(Cell::new(col, y)))
                    .count() as u16;
                if run > 0 {
                    let _ = write!(svg, r#"<rect x="{x}" y="{y}" width="{run}" height="1"/>"#);
                }
                x += run.max(1);
            }
        }
        let _ = writeln!(svg, "</g>");
        let _ = write!(svg, r#"<g fill="{EXPANDED}">"#);
        for cell in &self.expanded {
            let _ = write!(
                svg,
                r#"<rect x="{}" y="{}" width="1" height="1"/>"#,
                cell.x(),
                cell.y()
            );
        }
        let _ = writeln!(svg, "</g>");
        if let (Some(first), Some(last)) = (self.path.first(), self.path.last()) {
            let points: Vec<String> = self
                .path
                .iter()
                .map(|cell| format!("{}.5,{}.5", cell.x(), cell.y()))
                .collect();
            let _ = writeln!(
                svg,
                r#"<polyline points="{}" fill="none" stroke="{PATH}" stroke-width="0.45" stroke-linejoin="round" stroke-linecap="round" shape-rendering="geometricPrecision"/>"#,
                points.join(" ")
            );
            for (cell, fill) in [(first, "#2e9e4f"), (last, "#c23b3b")] {
                let _ = writeln!(
                    svg,
                    r#"<circle cx="{}.5" cy="{}.5" r="0.8" fill="{fill}" shape-rendering="geometricPrecision"/>"#,
                    cell.x(),
                    cell.y()
                );
            }
        }
        let _ = writeln!(
            svg,
            r#"<text x="0.5" y="{}" font-family="sans-serif" font-size="1.6" fill="{WALL}">{}</text>"#,
            height + 2,
            escape(&self.title)
        );
        svg.push_str("</svg>\n");
        svg
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
