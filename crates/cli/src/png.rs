//! PNG previews (`--format png`): a picture of what the ASCII view shows, one square of pixels per
//! character, panels side by side (the floors of a run, the levels of a vertical layout). The
//! square's side is chosen so that the picture is about [`TARGET_SIDE`] pixels across (from 1 to
//! [`MAX_SCALE`] pixels). The encoder writes 8-bit RGB with no filter, compressed by flate2
//! (already in the tree for the `.nbt` files), whose CRC-32 is PNG's chunk checksum too.

use std::io::Write;

use flate2::write::ZlibEncoder;
use flate2::{Compression, Crc};

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The background between and around panels, and the empty squares of a view.
pub const BACKGROUND: Rgb = [24, 24, 28];
/// The colours the views share, so that a wall or a monster looks the same in every picture.
pub const WALL: Rgb = [52, 56, 66];
/// Open floor.
pub const FLOOR: Rgb = [222, 214, 190];
/// The player, or where a dungeon starts.
pub const PLAYER: Rgb = [40, 200, 240];
/// A monster, or the end room.
pub const MONSTER: Rgb = [204, 48, 48];
/// Items, rewards and chests.
pub const TREASURE: Rgb = [244, 204, 40];
/// Doors.
pub const DOOR: Rgb = [150, 100, 50];
/// A glyph a palette does not know (never drawn by the views as they are).
pub const UNKNOWN: Rgb = [255, 0, 255];
/// Empty squares between panels.
const GAP: usize = 1;

/// The picture's longer side aimed at, in pixels.
const TARGET_SIDE: usize = 1024;
/// The largest square drawn for a character, in pixels.
const MAX_SCALE: usize = 16;
/// The most characters drawn on a side (one pixel each at most): a larger layout is refused.
pub const MAX_SQUARES: usize = 8192;

/// A picture being put together from character grids.
#[derive(Default)]
pub struct Picture {
    /// The panels, each a grid of colours (rows top to bottom), left to right.
    panels: Vec<(usize, usize, Vec<Rgb>)>,
}

impl Picture {
    /// Adds a panel to the right of the others: the lines of `text` (rows top to bottom), each
    /// character coloured by `palette` (short lines are padded with the background).
    pub fn add_text(&mut self, text: &[&str], palette: impl Fn(char) -> Rgb) {
        let width = text.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let mut colours = vec![BACKGROUND; width * text.len()];
        for (row, line) in text.iter().enumerate() {
            for (column, c) in line.chars().enumerate() {
                colours[row * width + column] = palette(c);
            }
        }
        self.panels.push((width, text.len(), colours));
    }

    /// The size in character squares, the gaps around and between panels included.
    fn squares(&self) -> (usize, usize) {
        let wide = self.panels.iter().map(|p| p.0 + GAP).sum::<usize>() + GAP;
        let high = self.panels.iter().map(|p| p.1).max().unwrap_or(0) + 2 * GAP;
        (wide, high)
    }

    /// Pixels per character square.
    fn scale(&self) -> usize {
        let (wide, high) = self.squares();
        (TARGET_SIDE / wide.max(high)).clamp(1, MAX_SCALE)
    }

    /// The picture as a PNG file, or a bad-input error (the size asked for) when it has more than
    /// [`MAX_SQUARES`] characters on a side.
    pub fn to_png(&self) -> anyhow::Result<Vec<u8>> {
        let (wide, high) = self.squares();
        if wide > MAX_SQUARES || high > MAX_SQUARES {
            return Err(crate::fail::bad_input(format!(
                "the picture would be {wide} x {high} squares, more than {MAX_SQUARES} on a \
                 side: too large for a PNG preview"
            )));
        }
        let scale = self.scale();
        let (width, height) = (wide * scale, high * scale);
        let mut pixels = vec![BACKGROUND; width * height];
        let mut left = GAP;
        for (panel_width, _, colours) in &self.panels {
            for (at, &colour) in colours.iter().enumerate() {
                let (x, y) = (left + at % panel_width, GAP + at / panel_width);
                for dy in 0..scale {
                    let start = (y * scale + dy) * width + x * scale;
                    pixels[start..start + scale].fill(colour);
                }
            }
            left += panel_width + GAP;
        }
        Ok(encode(width, height, &pixels))
    }
}

/// An 8-bit RGB PNG of `width` x `height` pixels, rows top to bottom.
pub fn encode(width: usize, height: usize, pixels: &[Rgb]) -> Vec<u8> {
    let mut raw = Vec::with_capacity(height * (1 + 3 * width));
    for row in pixels.chunks_exact(width.max(1)).take(height) {
        raw.push(0); // filter type: none
        raw.extend(row.iter().flatten());
    }
    let mut zlib = ZlibEncoder::new(Vec::new(), Compression::default());
    // Writing into a Vec cannot fail.
    let _ = zlib.write_all(&raw);
    let data = zlib.finish().unwrap_or_default();

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::with_capacity(13);
    header.extend((width as u32).to_be_bytes());
    header.extend((height as u32).to_be_bytes());
    // Bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace.
    header.extend([8, 2, 0, 0, 0]);
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &data);
    chunk(&mut png, b"IEND", &[]);
    png
}

/// Appends one chunk: length, type, data, and the CRC-32 of type and data.
fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend((data.len() as u32).to_be_bytes());
    png.extend(kind);
    png.extend(data);
    let mut crc = Crc::new();
    crc.update(kind);
    crc.update(data);
    png.extend(crc.sum().to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::ZlibDecoder;
    use std::io::Read;

    /// Reads the chunks back, checking every CRC, and returns (width, height, pixel rows).
    fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let (mut at, mut size, mut data) = (8, (0, 0), Vec::new());
        while at < png.len() {
            let length = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let kind = &png[at + 4..at + 8];
            let body = &png[at + 8..at + 8 + length];
            let stored =
                u32::from_be_bytes(png[at + 8 + length..at + 12 + length].try_into().unwrap());
            let mut crc = Crc::new();
            crc.update(kind);
            crc.update(body);
            assert_eq!(crc.sum(), stored, "{:?}", std::str::from_utf8(kind));
            match kind {
                b"IHDR" => {
                    size = (
                        u32::from_be_bytes(body[0..4].try_into().unwrap()),
                        u32::from_be_bytes(body[4..8].try_into().unwrap()),
                    );
                    assert_eq!(&body[8..], &[8, 2, 0, 0, 0]);
                }
                b"IDAT" => data.extend(body),
                b"IEND" => assert_eq!(at + 12 + length, png.len()),
                other => panic!("unexpected chunk {other:?}"),
            }
            at += 12 + length;
        }
        let mut raw = Vec::new();
        ZlibDecoder::new(&data[..]).read_to_end(&mut raw).unwrap();
        (size.0, size.1, raw)
    }

    #[test]
    fn a_known_picture_round_trips() {
        // The CRC-32 of "IEND" with no data is a constant of every PNG file.
        let png = encode(0, 0, &[]);
        assert_eq!(&png[png.len() - 4..], &[0xAE, 0x42, 0x60, 0x82]);

        let pixels = [
            [255, 0, 0],
            [0, 255, 0],
            [0, 0, 255],
            [1, 2, 3],
            [4, 5, 6],
            [7, 8, 9],
        ];
        let (width, height, raw) = decode(&encode(3, 2, &pixels));
        assert_eq!((width, height), (3, 2));
        assert_eq!(
            raw,
            [0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        );
    }

    #[test]
    fn panels_sit_side_by_side_with_a_gap() {
        let mut picture = Picture::default();
        picture.add_text(
            &["#.", "#"],
            |c| if c == '#' { [9, 9, 9] } else { [1, 1, 1] },
        );
        picture.add_text(&["."], |_| [5, 5, 5]);
        // Squares: gap, 2, gap, 1, gap wide; gap, 2, gap high; the largest square fits.
        assert_eq!(picture.squares(), (6, 4));
        assert_eq!(picture.scale(), MAX_SCALE);
        let (width, height, raw) = decode(&picture.to_png().unwrap());
        assert_eq!((width, height), (6 * 16, 4 * 16));
        let pixel = |x: usize, y: usize| -> Rgb {
            let at = y * 16 * (1 + 3 * 96) + 1 + 3 * x * 16;
            [raw[at], raw[at + 1], raw[at + 2]]
        };
        assert_eq!(pixel(0, 0), BACKGROUND);
        assert_eq!(pixel(1, 1), [9, 9, 9]);
        assert_eq!(pixel(2, 1), [1, 1, 1]);
        assert_eq!(pixel(1, 2), [9, 9, 9]);
        assert_eq!(pixel(2, 2), BACKGROUND, "a short line is padded");
        assert_eq!(pixel(3, 1), BACKGROUND, "the gap between panels");
        assert_eq!(pixel(4, 1), [5, 5, 5]);
        assert_eq!(pixel(4, 2), BACKGROUND);
    }

    #[test]
    fn large_pictures_shrink_and_huge_ones_are_refused() {
        let mut picture = Picture::default();
        let line = "#".repeat(2000);
        picture.add_text(&[line.as_str()], |_| [0, 0, 0]);
        assert_eq!(picture.scale(), 1);
        let (width, height, _) = decode(&picture.to_png().unwrap());
        assert_eq!((width, height), (2002, 3));
        let line = "#".repeat(MAX_SQUARES);
        picture.add_text(&[line.as_str()], |_| [0, 0, 0]);
        let error = picture.to_png().unwrap_err().to_string();
        assert!(error.contains("too large for a PNG preview"), "{error}");
    }
}
