use zuma_judge::generate;
use zuma_judge::oracle::Oracle;
use zuma_judge::registry;
use zuma_judge::rules::Instance;
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (mb, mh, cap, what) = (args[0], args[1], args[2], args[3]);
    let classes = generate::symmetry_classes(mb, mh);
    if what == 0 {
        let mut o = Oracle::new();
        for c in &classes {
            if o.memo_len() > cap {
                o = Oracle::new();
            }
            o.solve(&Instance {
                board: c.board.clone(),
                hand: c.hand,
            })
            .unwrap();
        }
    } else if what == 1 {
        let sol = registry::find("seed000_bfs").unwrap();
        for c in &classes {
            (sol.call)(c.board.to_string(), c.hand.to_string());
        }
    }
}
