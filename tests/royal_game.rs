//! The seed's sample game, and games by the variant's interface.

use herald::variants::{self, Observer};

/// The seed's sample game, file 10 written out, its annotations as printed.
const SAMPLE: &str = "1. 54 N-76 2. 44 86 3. N-43 B-87 4. B-85 C8 5. Q-42 36 6. C3-G4 55 7. 64 5x44 8. Bx44 96 \
    9. B-74 N-46 10. N1-62 N-95 11. 65 Nx74 12. Gx74 B-75 13. B-53 N-34?? 14. Bx75! Nx42 15. B-84 N-34? \
    16. B-106+ G'-97 17. Bx97+ Kx97 18. 104 105 19. 94 R-108 20. 9x105 Rx105 21. G'-94 K-107 22. R5-91 85 \
    23. G'x105+ K-98 24. Gx85";

fn sample_moves() -> Vec<&'static str> {
    SAMPLE.split_whitespace().filter(|w| !w.ends_with('.')).collect()
}

#[test]
fn scratch() {
    let royal = variants::by_id("royal").unwrap();
    let mut game = royal.new_game();
    for text in sample_moves() {
        match game.play(text) {
            Ok(p) => println!("{text} -> {}", p.notation),
            Err(e) => panic!("{text}: {e}\n{}", game.fen()),
        }
    }
    println!("{:?}", game.view(Observer::Everyone).notices);
}
