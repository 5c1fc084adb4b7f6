//! GIF's LZW compression of 8-bit palette indices, fast on long runs of one
//! index: the replay's frames are mostly the transparent index (the pixels
//! that did not change), and walking those byte by byte, as a general LZW
//! encoder does, was most of the time a replay took.
//!
//! The output is what `gif::Encoder::write_lzw_pre_encoded_frame` takes: the
//! minimum code size (8), then the code stream (not yet cut into blocks).
//!
//! Invariants:
//! - Any decoder reads back exactly the indices given: codes are the ones a
//!   plain greedy LZW encoder writes (the fast path only skips dictionary
//!   look-ups whose answer is known), in 9 to 12 bits, least significant bit
//!   first, with a clear code first and whenever the dictionary would reach
//!   4095 entries, and an end code last.
//! - Runs of the index `run` cost time in proportion to the codes written,
//!   not to their length.

/// Bits of the palette indices: 256 colours.
const MIN_CODE_SIZE: u8 = 8;
const CLEAR: u16 = 1 << MIN_CODE_SIZE;
const END: u16 = CLEAR + 1;
const FIRST_FREE: u16 = CLEAR + 2;
/// The dictionary is cleared rather than grown to this many codes, as the
/// common encoders do (some decoders misread a full 4096-code table).
const LAST_CODE: u16 = 4095;
const MAX_BITS: u8 = 12;

/// Open-addressing table from (prefix code, next index) to code.
const SLOTS: usize = 1 << 13;

struct Dictionary {
    /// `(prefix << 8 | index) + 1`, 0 for an empty slot.
    keys: Vec<u32>,
    codes: Vec<u16>,
}

impl Dictionary {
    fn new() -> Dictionary {
        Dictionary {
            keys: vec![0; SLOTS],
            codes: vec![0; SLOTS],
        }
    }

    fn clear(&mut self) {
        self.keys.fill(0);
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - 13)) as usize
    }

    fn get(&self, prefix: u16, index: u8) -> Option<u16> {
        let key = ((prefix as u32) << 8 | index as u32) + 1;
        let mut s = Self::slot(key);
        loop {
            match self.keys[s] {
                0 => return None,
                k if k == key => return Some(self.codes[s]),
                _ => s = (s + 1) & (SLOTS - 1),
            }
        }
    }

    fn insert(&mut self, prefix: u16, index: u8, code: u16) {
        let key = ((prefix as u32) << 8 | index as u32) + 1;
        let mut s = Self::slot(key);
        while self.keys[s] != 0 {
            s = (s + 1) & (SLOTS - 1);
        }
        self.keys[s] = key;
        self.codes[s] = code;
    }
}

/// Codes packed least significant bit first.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    fn put(&mut self, code: u16, bits: u8) {
        self.acc |= (code as u64) << self.n;
        self.n += bits as u32;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// The encoder's state between codes.
struct Encoder {
    dict: Dictionary,
    bits: Bits,
    next: u16,
    width: u8,
    /// The index whose runs are fast, and `runs[k]` the code of `k + 1` of
    /// it in a row, for every such string in the dictionary.
    run: u8,
    runs: Vec<u16>,
}

impl Encoder {
    fn reset(&mut self) {
        self.dict.clear();
        self.next = FIRST_FREE;
        self.width = MIN_CODE_SIZE + 1;
        self.runs.clear();
        self.runs.push(self.run as u16);
    }

    /// Writes the code of the string just matched, and adds that string
    /// followed by `index` (or clears the dictionary when it is full).
    fn emit(&mut self, code: u16, prefix_run: Option<usize>, index: u8) {
        self.bits.put(code, self.width);
        if self.next >= LAST_CODE {
            self.bits.put(CLEAR, self.width);
            self.reset();
            return;
        }
        self.dict.insert(code, index, self.next);
        if index == self.run && prefix_run == Some(self.runs.len()) {
            self.runs.push(self.next);
        }
        self.next += 1;
        if self.next > (1 << self.width) && self.width < MAX_BITS {
            self.width += 1;
        }
    }
}

/// `indices` LZW-compressed for a GIF image, runs of `run` fast.
pub(crate) fn encode(indices: &[u8], run: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(indices.len() / 8 + 16);
    out.push(MIN_CODE_SIZE);
    let mut e = Encoder {
        dict: Dictionary::new(),
        bits: Bits { out, acc: 0, n: 0 },
        next: FIRST_FREE,
        width: MIN_CODE_SIZE + 1,
        run,
        runs: vec![run as u16],
    };
    e.bits.put(CLEAR, e.width);
    let Some((&first, rest)) = indices.split_first() else {
        e.bits.put(END, e.width);
        return e.bits.finish();
    };
    // The string matched so far: its code, and its length when it is a run.
    let mut cur = first as u16;
    let mut cur_run = (first == run).then_some(1usize);
    let mut i = 0;
    // Where the run of `run` that `i` is in ends (valid while i < run_end).
    let mut run_end = 0;
    while i < rest.len() {
        let b = rest[i];
        if let (Some(k), true) = (cur_run, b == run) {
            if i >= run_end {
                run_end = i + rest[i..].iter().take_while(|&&x| x == run).count();
            }
            let ahead = run_end - i;
            let longest = e.runs.len();
            if k + ahead <= longest {
                cur = e.runs[k + ahead - 1];
                cur_run = Some(k + ahead);
                i = run_end;
            } else {
                // The longest run string there is, then a new string.
                cur = e.runs[longest - 1];
                i += longest - k;
                e.emit(cur, Some(longest), run);
                cur = run as u16;
                cur_run = Some(1);
                i += 1;
            }
            continue;
        }
        match e.dict.get(cur, b) {
            Some(code) => {
                cur = code;
                cur_run = None;
            }
            None => {
                e.emit(cur, cur_run, b);
                cur = b as u16;
                cur_run = (b == run).then_some(1);
            }
        }
        i += 1;
    }
    e.bits.put(cur, e.width);
    // A decoder adds an entry on reading that last code, and may widen its
    // codes for the end code.
    if e.next < LAST_CODE && e.next == (1 << e.width) && e.width < MAX_BITS {
        e.width += 1;
    }
    e.bits.put(END, e.width);
    e.bits.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Decodes through the gif crate: the image `encode` made, as a GIF of
    /// a 256-colour palette, one row or rows of 1000.
    fn round_trip(indices: &[u8], run: u8) -> Vec<u8> {
        let (width, height) = match u16::try_from(indices.len()) {
            Ok(w) => (w, 1),
            Err(_) => (1000, (indices.len() / 1000) as u16),
        };
        assert_eq!(width as usize * height as usize, indices.len());
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut file = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut file, width, height, &palette).expect("encoder");
            let frame = gif::Frame {
                width,
                height,
                buffer: encode(indices, run).into(),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).expect("writes");
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = options.read_info(file.as_slice()).expect("reads");
        let frame = dec.read_next_frame().expect("decodes").expect("a frame");
        frame.buffer.to_vec()
    }

    fn check(indices: &[u8], run: u8) {
        let back = round_trip(indices, run);
        assert_eq!(back.len(), indices.len());
        if let Some(i) = back.iter().zip(indices).position(|(a, b)| a != b) {
            panic!("index {i} of {} differs", indices.len());
        }
    }

    #[test]
    fn anything_comes_back_exactly() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for len in [1usize, 2, 3, 255, 256, 257, 511, 4000, 60_000] {
            let noise: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            check(&noise, 255);
            let few: Vec<u8> = (0..len).map(|_| rng.random_range(250..=255)).collect();
            check(&few, 255);
            check(&vec![255; len], 255);
            check(&vec![3; len], 255);
        }
    }

    #[test]
    fn runs_between_changes_come_back_exactly() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..20 {
            let mut v = Vec::new();
            while v.len() < 64_000 {
                let n = rng.random_range(0..3000);
                v.extend(std::iter::repeat_n(200u8, n));
                let m = rng.random_range(1..40);
                v.extend((0..m).map(|_| rng.random_range(0..=200u8)));
            }
            v.truncate(64_000);
            check(&v, 200);
        }
        // One very long run (the dictionary fills with run strings and is
        // cleared), then noise.
        let mut v = vec![9u8; 5_000_000];
        v.extend((0..50_000).map(|i| (i % 251) as u8));
        check(&v, 9);
    }

    #[test]
    fn runs_are_as_small_as_a_plain_encoder_makes_them() {
        // The fast path writes the codes a greedy LZW encoder writes: a run
        // of n takes about the square root of 2n codes.
        let bytes = encode(&vec![0u8; 1_000_000], 0);
        assert!(bytes.len() < 3_000, "{} bytes", bytes.len());
    }
}
