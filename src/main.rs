fn main() {
    println!("aquaretto-bot");
}
